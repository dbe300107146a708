import { ExternalLink } from 'lucide-react';

/** Where an endpoint extension answers, as a link that opens it in a new tab. */
export function EndpointUrl({ name, label }: { name: string; label: string }) {
  const path = `/api/ext/${name}`;
  return (
    <a
      href={path}
      target="_blank"
      rel="noreferrer"
      aria-label={label}
      className="inline-flex items-center gap-1 rounded-sm font-mono text-xs text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
    >
      {path}
      <ExternalLink aria-hidden className="size-3" />
    </a>
  );
}
