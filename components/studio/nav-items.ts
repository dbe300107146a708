import {
  Boxes,
  CalendarClock,
  FileText,
  FolderOpen,
  GitBranch,
  History,
  House,
  Plug,
  Puzzle,
  ScrollText,
  Settings,
  ShieldCheck,
  SquareTerminal,
  type LucideIcon,
} from 'lucide-react';

export type NavKey =
  | 'home'
  | 'content'
  | 'files'
  | 'collections'
  | 'workflows'
  | 'extensions'
  | 'cron'
  | 'services'
  | 'access'
  | 'activity'
  | 'logs'
  | 'settings'
  | 'apiExplorer';

/** Who may see a module: what the server would let them do there. */
export type NavRule = 'app' | 'admin' | 'activity' | 'logs' | 'files';

export interface NavItem {
  key: NavKey;
  href: string;
  icon: LucideIcon;
  rule: NavRule;
  /**
   * Served under a policy of its own (the API explorer's renderer evaluates code, so only its
   * page allows that): reached, and left, by loading the document, never by client routing,
   * which would keep the previous page's policy.
   */
  ownPolicy?: true;
}

export const NAV_ITEMS: NavItem[] = [
  { key: 'home', href: '/', icon: House, rule: 'app' },
  { key: 'content', href: '/content', icon: FileText, rule: 'app' },
  { key: 'files', href: '/files', icon: FolderOpen, rule: 'files' },
  { key: 'collections', href: '/collections', icon: Boxes, rule: 'admin' },
  { key: 'workflows', href: '/workflows', icon: GitBranch, rule: 'admin' },
  { key: 'extensions', href: '/extensions', icon: Puzzle, rule: 'admin' },
  { key: 'cron', href: '/cron', icon: CalendarClock, rule: 'admin' },
  { key: 'services', href: '/services', icon: Plug, rule: 'admin' },
  { key: 'access', href: '/access', icon: ShieldCheck, rule: 'admin' },
  { key: 'activity', href: '/activity', icon: History, rule: 'activity' },
  { key: 'logs', href: '/logs', icon: ScrollText, rule: 'logs' },
  { key: 'settings', href: '/settings', icon: Settings, rule: 'admin' },
  { key: 'apiExplorer', href: '/api-explorer', icon: SquareTerminal, rule: 'app', ownPolicy: true },
];

export interface Grants {
  admin: boolean;
  /** May read the activity log (a read permission on daas_activity). */
  activity: boolean;
  /** Holds the `system:logs` module key. */
  logs: boolean;
  /** May read the file library (a read permission on daas_files). */
  files: boolean;
}

/** Whether the navigation shows an item; the server still refuses what is not allowed. */
export function allowed(rule: NavRule, grants: Grants | null): boolean {
  if (rule === 'app') return true;
  if (!grants) return false;
  if (grants.admin) return true;
  if (rule === 'activity') return grants.activity;
  if (rule === 'logs') return grants.logs;
  if (rule === 'files') return grants.files;
  return false;
}

export function isActive(href: string, pathname: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}
