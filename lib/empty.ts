// Stands in for the `server-only` marker package when the server is bundled outside Next.
export {};
