/**
 * SPEC §5 validation, shared by the browser's forms, the server actions and the
 * embedded backend: the field rules and the rules of each form built on them.
 */
export * from './fields';
export * from './member-info-rules';
export * from './message-rules';
export * from './patient-rules';
export * from './review-rules';
export * from './ask-rules';
