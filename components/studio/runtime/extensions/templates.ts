import type { ExtensionType } from '@/lib/client/runtime/types';

/** A starting module per type, showing the default export the runtime calls. */
export const TEMPLATES: Record<ExtensionType, string> = {
  endpoint: `// Answers /api/ext/<name>/*; return {status, headers?, body}.
export default async (request, context) => {
  return {
    status: 200,
    body: { hello: 'world', path: request.path, user: context.accountability?.user ?? null },
  };
};
`,
  hook: `// Registers filter hooks (may change or refuse a payload) and action hooks (after a write).
export default (emitter, context) => {
  emitter.onFilter('articles.items.create', (payload) => {
    return payload;
  });
  emitter.onAction('articles.items.create', (meta) => {});
};
`,
  operation: `// Runs for a cron job (or a workflow step) with its payload; returns the result.
export default async (payload, context) => {
  return { received: payload };
};
`,
  service: `// The functions context.services.custom('<service name>') offers other extensions.
export default (context) => ({
  greet: async (name) => \`Hello, \${name}\`,
});
`,
};

/** Whether the source is one of the templates (or empty): then a type change may replace it. */
export function isTemplate(source: string): boolean {
  return !source.trim() || Object.values(TEMPLATES).includes(source);
}
