/**
 * Reviews after the visit (docs/api.md "TW_Evaluate/AddRegisterEvaluate"): a 已就诊 booking may be reviewed
 * once, with 1–5 stars and a text. The review is an evaluation like the others (the SPEC §9 filters read
 * it) that also names its booking, so "once per booking" is a unique index, and is shown marked 已就诊患者
 * (verified). Earlier evaluations have neither a booking nor stars.
 */
import type { Migration } from '../types';

export const visitReviewsMigration: Migration = {
  id: '092-visit-reviews',
  sql: `
ALTER TABLE evaluations ADD COLUMN register_no TEXT;
ALTER TABLE evaluations ADD COLUMN stars INTEGER CHECK (stars IS NULL OR stars BETWEEN 1 AND 5);
ALTER TABLE evaluations ADD COLUMN verified INTEGER NOT NULL DEFAULT 0 CHECK (verified IN (0, 1));
CREATE UNIQUE INDEX evaluations_register ON evaluations (register_no) WHERE register_no IS NOT NULL;
`,
};
