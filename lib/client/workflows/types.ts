export interface WorkflowState {
  key: string;
  name: string;
  initial?: boolean;
  final?: boolean;
}

export interface WorkflowCommand {
  key: string;
  name: string;
  from: string[];
  to: string;
  policies: string[];
  module_key?: string | null;
  set?: Record<string, unknown> | null;
}

export interface WorkflowDefinition {
  id: string;
  name: string;
  description: string | null;
  states: WorkflowState[];
  commands: WorkflowCommand[];
}

export interface WorkflowAssignment {
  id: string;
  definition: string;
  collection: string;
  filter: Record<string, unknown> | null;
  state_field: string | null;
  sort: number | null;
}

/** GET /api/workflow/state: one workflow of an item, commands marked runnable or not. */
export interface ItemWorkflow {
  /** Null until the item's first command creates it. */
  instance: string | null;
  assignment: string;
  definition: string;
  /** The item field that mirrors the state (null: the workflow keeps it to itself). */
  state_field: string | null;
  /** Null: the item's state field holds a value the workflow does not know. */
  state: string | null;
  states: WorkflowState[];
  commands: (WorkflowCommand & { allowed: boolean })[];
}
