import { ZIdText } from '@patio/core';
import { z } from 'zod';
import type { Database } from '../db/database';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A school as the request sees it. */
export interface Org {
  id: number;
  code: string;
  title: string;
  logo: string | null;
  settings: Record<string, unknown>;
}

/**
 * The signed-in person behind a request, with what the policies need, loaded once per request
 * (findCaller): their roles, the nodes they teach and their family.
 */
export interface Caller {
  id: number;
  orgId: number;
  /** School administrator. */
  isAdmin: boolean;
  /** Distinct membership roles (teacher, substitute_teacher, student, employee, group_director). */
  roles: string[];
  /**
   * Administrator, any kind of teacher, or employee held anywhere but on a bus route: uses the
   * directory and sees school data within their reach (decision 004). A driver alone is not staff.
   */
  isStaff: boolean;
  /** Administrator or employee of a root node of the school: sees the school data of everyone. */
  isSchoolWide: boolean;
  /** Nodes where the caller is teacher, substitute teacher or group director. */
  teachingNodeIds: number[];
  /** Nodes (neither a root nor a route) where the caller is an employee: their subtrees are in reach. */
  employeeNodeIds: number[];
  /** Route nodes where the caller is an employee: the routes they drive. */
  routeIds: number[];
  /** People the caller is a parent-like relative of (father, mother, guardian…): their children. */
  childIds: number[];
  /** Everyone related to the caller, in any kind (relationships are stored both ways). */
  relativeIds: number[];
}

export interface PolicyContext<P> {
  caller: Caller | null;
  org: Org;
  params: P;
  db: Database;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any params shape: each policy declares its own
type ParamsSchema = z.ZodObject<any>;

/**
 * Who may call one endpoint: method + path (relative to /api/{org}/) → check. The route is registered
 * from the policy (same method and path), its preHandler runs the check, and `POST allowed` evaluates
 * the very same object, so the two can never disagree.
 */
export interface Policy<S extends ParamsSchema = ParamsSchema> {
  method: HttpMethod;
  path: string;
  params: S;
  /** Guests may call it; no token is needed (sign-in, settings, term maps). */
  public: boolean;
  /**
   * Self-registered accounts waiting for approval may call it too (their registration status, sign-out).
   * Every other non-public route answers them 403 registration_pending (issue 6 item 2).
   */
  registrants: boolean;
  // Method syntax on purpose: policies with different params fit one registry (bivariance).
  check(ctx: PolicyContext<z.infer<S>>): boolean | Promise<boolean>;
}

const noParams = z.object({});

/** Declares a policy; `check` runs only for signed-in callers unless `public` is set. */
export function definePolicy<S extends ParamsSchema = typeof noParams>(policy: {
  method: HttpMethod;
  path: string;
  params?: S;
  public?: boolean;
  registrants?: boolean;
  check: (ctx: PolicyContext<z.infer<S>>) => boolean | Promise<boolean>;
}): Policy<S> {
  return { ...policy, params: (policy.params ?? noParams) as S, public: policy.public ?? false, registrants: policy.registrants ?? false };
}

/** Path parameter that is an id, in canonical digits only (`1.0`, `0x10`, `1e3`, ` 1`, `01` → 400). */
export const zId = ZIdText;

/** Common checks, composed by the area policies. */
export const isSignedIn = ({ caller }: PolicyContext<unknown>) => caller !== null;
export const isSchoolAdmin = ({ caller }: PolicyContext<unknown>) => caller?.isAdmin === true;
export const isStaff = ({ caller }: PolicyContext<unknown>) => caller?.isStaff === true;
export const isSelf = ({ caller, params }: PolicyContext<{ id: number }>) => caller?.id === params.id;
export const always = () => true;
