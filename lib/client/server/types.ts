/** `GET /api/server/info`: only `project` for non-administrators. */
export interface ServerInfo {
  project: { project_name: string };
  /** For signed-in callers: the largest batch mutation and page the server allows. */
  limits?: { max_batch_mutation: number; query_limit_max: number };
  version?: string;
  node?: { version: string; uptime: number };
  database?: { kind: string; version: string | null };
  auth?: {
    mfa_force_enabled: boolean;
    rate_limit: { points: number; ip_points: number; duration: number };
  };
}

export type HealthStatus = 'ok' | 'warn' | 'error';

export interface HealthCheck {
  status: HealthStatus;
  componentType: string;
  observedUnit: 'ms' | 'bytes';
  observedValue: number;
  threshold?: number;
}

/** `GET /api/server/health` (application/health+json): checks for administrators only. */
export interface ServerHealth {
  status: HealthStatus;
  releaseId?: string;
  checks?: Record<string, HealthCheck[]>;
}
