/**
 * The workflows' version, DBOS's application version: a process recovers and dequeues only runs
 * of its own version. Bump it on purpose, in the release that changes a workflow in a way a run in
 * flight could not replay — its steps in another order, a step added or removed before others —
 * and keep processes of the old version running until their runs end (docs/workflows.md
 * "Changing a workflow"). A change that keeps every run's steps in order keeps the version.
 */
export const WORKFLOW_VERSION = '2026.11.29';
