import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/app';

const app = setupTestApp();
const GIB = 1024 * 1024 * 1024;
const CHUNK = Buffer.alloc(1024 * 1024, 0x61);

/** A multipart body of one `size`-byte file, produced as it is read: never held whole. */
function streamingUpload(size: number): { body: ReadableStream<Uint8Array>; type: string } {
  const boundary = 'daas-large-upload-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let sent = -1;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === -1) {
        controller.enqueue(new Uint8Array(head));
        sent = 0;
      } else if (sent < size) {
        const n = Math.min(CHUNK.length, size - sent);
        controller.enqueue(new Uint8Array(CHUNK.subarray(0, n)));
        sent += n;
      } else {
        controller.enqueue(new Uint8Array(tail));
        controller.close();
      }
    },
  });
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

let token: string;
beforeAll(async () => {
  token = await app.adminToken();
});

describe('a 1 GiB file', () => {
  it('uploads and downloads with the process memory staying flat', async () => {
    const { dispatch } = await import('@/lib/http/dispatch');
    global.gc?.();
    const start = process.memoryUsage().rss;
    let peak = start;
    const sample = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    try {
      const { body, type } = streamingUpload(GIB);
      const res = await dispatch(
        new Request('http://localhost/api/files', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': type },
          body,
          duplex: 'half',
        } as RequestInit),
      );
      expect(res.status).toBe(201);
      const file = (await res.json()).data as { id: string; filesize: string };
      expect(Number(file.filesize)).toBe(GIB);

      const download = await dispatch(
        new Request(`http://localhost/api/assets/${file.id}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      );
      expect(download.status).toBe(200);
      let received = 0;
      const reader = download.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += value.byteLength;
      }
      expect(received).toBe(GIB);
      await app.request(`/api/files/${file.id}`, { method: 'DELETE', token });
    } finally {
      clearInterval(sample);
    }
    expect((peak - start) / (1024 * 1024)).toBeLessThan(100);
  }, 300_000);
});
