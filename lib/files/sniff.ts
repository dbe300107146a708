import 'server-only';
import { fileTypeFromBuffer } from 'file-type';

/** How many leading bytes the sniffer looks at (file-type needs at most this many). */
export const SNIFF_BYTES = 4100;

/** Text types a client may name for bytes that sniff as plain text: they render nothing. */
const CLAIMABLE_TEXT = new Set([
  'text/plain',
  'text/csv',
  'text/markdown',
  'application/json',
  'text/tab-separated-values',
]);

function isUtf8Text(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head);
    return true;
  } catch {
    // A multi-byte character cut at the end of the sample is still text.
    return head.length >= SNIFF_BYTES - 3 && isUtf8Text(head.subarray(0, head.length - 3));
  }
}

/** Markup that a browser would render: never taken for plain text. */
function markupType(head: Buffer): string | null {
  const text = head.toString('utf8', 0, Math.min(head.length, 1024)).trimStart().toLowerCase();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg|<svg[\s>])/.test(text)) {
    return 'image/svg+xml';
  }
  if (
    /^(<!--[\s\S]*?-->\s*)*(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>]|<script[\s>])/.test(
      text,
    )
  ) {
    return 'text/html';
  }
  if (text.startsWith('<?xml')) return 'application/xml';
  if (/<(script|iframe|object|embed|html|body)[\s>]/.test(text)) return 'text/html';
  return null;
}

/**
 * The MIME type of an upload, read from its first bytes: what a client claims is used only
 * to tell harmless text formats apart. A `.png` that is really HTML is stored as HTML.
 */
export async function sniffType(head: Buffer, claimed: string | null): Promise<string> {
  if (head.length === 0) return 'application/octet-stream';
  const binary = await fileTypeFromBuffer(head);
  if (binary) return binary.mime;
  const markup = markupType(head);
  if (markup) return markup;
  if (!isUtf8Text(head)) return 'application/octet-stream';
  const claim = claimed?.split(';')[0].trim().toLowerCase() ?? '';
  return CLAIMABLE_TEXT.has(claim) ? claim : 'text/plain';
}

/** Types a browser could run script in when shown inline from our origin. */
export function isActiveContent(type: string | null): boolean {
  const t = (type ?? '').toLowerCase();
  return (
    t === 'text/html' ||
    t === 'image/svg+xml' ||
    t.endsWith('/xml') ||
    t.endsWith('+xml') ||
    t === 'application/xhtml+xml' ||
    t === 'text/javascript' ||
    t === 'application/javascript'
  );
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'application/json': 'json',
  'text/html': 'html',
  'application/xml': 'xml',
  'application/yaml': 'yaml',
};

/** The extension of the stored name: from the sniffed type, never from the client's name. */
export function extensionFor(type: string): string {
  return EXTENSIONS[type] ?? 'bin';
}
