export interface WorkflowInstance {
  id: string;
  state: string;
}

/** A GET as some caller, answering the parsed body. */
type Get = (path: string) => Promise<{ body: { data: WorkflowInstance[] } }>;

/**
 * The workflow instance of `item`, once the automation (which runs after the write's answer)
 * has made it; null if none appears within two seconds.
 */
export async function waitForInstance(get: Get, item: number): Promise<WorkflowInstance | null> {
  for (let i = 0; i < 50; i++) {
    const res = await get(`/api/workflow-instances?filter[item][_eq]=${item}`);
    if (res.body.data.length) return res.body.data[0];
    await new Promise((r) => setTimeout(r, 40));
  }
  return null;
}
