import 'server-only';
import type { RequestContext } from '@/lib/core/context';
import { InvalidPayloadError, UnsupportedMediaTypeError } from '@/lib/core/errors';
import type { ApiRequest } from '@/lib/http/api-request';
import { readBodyBytes } from '@/lib/http/input';
import { importItems, type UploadedFile } from './import';

/** The uploaded file of a multipart/form-data request: its type and text. */
async function uploadedFile(request: ApiRequest): Promise<UploadedFile> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) {
    throw new UnsupportedMediaTypeError('Send the file as multipart/form-data');
  }
  const bytes = await readBodyBytes(request, 'Upload');
  if (!bytes?.byteLength) throw new InvalidPayloadError('No file was sent');
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), {
      headers: { 'content-type': type },
    }).formData();
  } catch {
    throw new InvalidPayloadError('The multipart body could not be read');
  }
  const file = [...form.values()].find((v): v is File => typeof v !== 'string');
  if (!file) throw new InvalidPayloadError('No file was sent');
  return { type: file.type, text: await file.text() };
}

/** POST /utils/import/:collection: the multipart upload read here, the import in the service. */
export async function importUpload(
  input: { params: { collection: string }; request: ApiRequest },
  ctx: RequestContext,
): Promise<void> {
  const file = await uploadedFile(input.request);
  await importItems(
    { collection: input.params.collection, file, origin: input.request.headers.get('origin') },
    ctx,
  );
}
