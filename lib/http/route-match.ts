import type { ApiRouteHandler } from './api-handler';

export const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS', 'HEAD'] as const;
export type Method = (typeof METHODS)[number];

export type RouteModule = Partial<Record<Method, ApiRouteHandler>> & Record<string, unknown>;

type Segment =
  | { kind: 'static'; value: string }
  | { kind: 'param'; name: string }
  | { kind: 'catchAll'; name: string; optional: boolean };

export interface CompiledRoute {
  pattern: string;
  file: string;
  module: RouteModule;
  segments: Segment[];
}

function parseSegment(raw: string): Segment {
  let m = /^\[\[\.\.\.(\w+)\]\]$/.exec(raw);
  if (m) return { kind: 'catchAll', name: m[1], optional: true };
  m = /^\[\.\.\.(\w+)\]$/.exec(raw);
  if (m) return { kind: 'catchAll', name: m[1], optional: false };
  m = /^\[(\w+)\]$/.exec(raw);
  if (m) return { kind: 'param', name: m[1] };
  return { kind: 'static', value: raw };
}

// Next's precedence: static segments beat dynamic ones, which beat catch-alls.
function rank(route: CompiledRoute): string {
  return route.segments
    .map((s) => (s.kind === 'static' ? '0' : s.kind === 'param' ? '1' : '2'))
    .join('')
    .padEnd(16, '3');
}

export function compileRoutes(
  files: { pattern: string; file: string; module: RouteModule }[],
): CompiledRoute[] {
  return files
    .map((f) => ({ ...f, segments: f.pattern.split('/').filter(Boolean).map(parseSegment) }))
    .sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0));
}

function matchOne(route: CompiledRoute, parts: string[]): Record<string, string | string[]> | null {
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < route.segments.length; i++) {
    const seg = route.segments[i];
    if (seg.kind === 'catchAll') {
      const rest = parts.slice(i);
      if (!rest.length && !seg.optional) return null;
      if (rest.length) params[seg.name] = rest;
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (seg.kind === 'static' && seg.value !== part) return null;
    if (seg.kind === 'param') params[seg.name] = part;
  }
  return parts.length === route.segments.length ? params : null;
}

export function matchRoute(
  routes: CompiledRoute[],
  pathname: string,
): { route: CompiledRoute; params: Record<string, string | string[]> } | null {
  let parts: string[];
  try {
    parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  for (const route of routes) {
    const params = matchOne(route, parts);
    if (params) return { route, params };
  }
  return null;
}
