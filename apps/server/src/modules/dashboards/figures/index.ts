import type { DashboardBlockKind } from '@patio/core';
import { attendanceFigure } from './attendance';
import { billingFigure } from './billing';
import { busesRunningFigure } from './busesRunning';
import { classroomCompletionFigure } from './classroomCompletion';
import { formResultsFigure } from './formResults';
import type { Figure } from './figure';
import { paymentsFigure } from './payments';
import { pendingRegistrationsFigure } from './pendingRegistrations';
import { readRateFigure } from './readRate';
import { rollsNotTakenFigure } from './rollsNotTaken';

// Every kind of data block and the figure that computes it (docs/decisions/032-dashboards.md). A new
// kind adds its name to DASHBOARD_BLOCK_KINDS (packages/core) and its figure here; the type below lists
// a missing one.

export const figures: { readonly [K in DashboardBlockKind]: Figure<K> } = {
  attendance: attendanceFigure,
  rollsNotTaken: rollsNotTakenFigure,
  pendingRegistrations: pendingRegistrationsFigure,
  billing: billingFigure,
  payments: paymentsFigure,
  readRate: readRateFigure,
  formResults: formResultsFigure,
  classroomCompletion: classroomCompletionFigure,
  busesRunning: busesRunningFigure,
};
