import { sql, type Kysely } from 'kysely';

/**
 * The workflow tables in the shapes of the conventions: an assignment names its
 * `definition` and may mirror the state into a `state_field`; an instance belongs to one
 * assignment (one per item and assignment), keeps `updated_on`, and `left_on` records when
 * its item stopped matching the assignment's filter. Commands carry their own `from` and
 * `to`, so the separate `transitions` list goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table daas_wf_definition drop column transitions`,
    sql`alter table daas_wf_definition add column date_updated timestamptz`,
    sql`alter table daas_wf_assignment rename column workflow to definition`,
    sql`alter table daas_wf_assignment add column state_field varchar(64)`,
    sql`create index daas_wf_assignment_collection on daas_wf_assignment (collection)`,
    sql`delete from daas_wf_instance where assignment is null`,
    // Dropping the column drops the old unique (collection, item, workflow) with it.
    sql`alter table daas_wf_instance drop column workflow`,
    sql`alter table daas_wf_instance rename column date_updated to updated_on`,
    sql`alter table daas_wf_instance alter column assignment set not null`,
    sql`alter table daas_wf_instance drop constraint daas_wf_instance_assignment_fkey`,
    sql`alter table daas_wf_instance add constraint daas_wf_instance_assignment_fkey
      foreign key (assignment) references daas_wf_assignment(id) on delete cascade`,
    sql`alter table daas_wf_instance add column left_on timestamptz`,
    sql`alter table daas_wf_instance add constraint daas_wf_instance_assignment_item
      unique (assignment, item)`,
    sql`create index daas_wf_instance_collection_item on daas_wf_instance (collection, item)`,
  ];
  for (const s of statements) await s.execute(db);
}
