import type { Generated } from 'kysely';

// Tables of migration 029-dashboards, merged into DB in types.ts (docs/decisions/032-dashboards.md).

/** A titled page of data blocks for an audience of staff; `home` (0/1) marks the school's Inicio. */
export interface DashboardTable {
  org_id: number;
  id: Generated<number>;
  /** null on the home dashboard ("Inicio" in the reader's language). */
  title: string | null;
  home: number;
  /** JSON array of 'teachers' | 'employees'. */
  audience: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** One data block of a dashboard, in `position` order. */
export interface DashboardBlockTable {
  org_id: number;
  id: Generated<number>;
  dashboard_id: number;
  position: number;
  kind: string;
  title: string | null;
  /** JSON: ZDashboardBlockOptions. */
  options: string;
}

export interface DashboardTables {
  dashboards: DashboardTable;
  dashboard_blocks: DashboardBlockTable;
}
