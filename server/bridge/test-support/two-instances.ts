/**
 * Two app instances (each its own services and solver) on one fresh database of the test PostgreSQL, as two
 * processes of the app would run: for the bridge's exactly-once tests.
 */
import pg from 'pg';
import { expect } from 'vitest';
import { loadConfig } from '@/server/config/env';
import { createServices, type Services } from '@/server/services';

export async function withTwoInstances(prefix: string, work: (instances: [Services, Services]) => Promise<void>): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  expect(serverUrl, 'TEST_DATABASE_URL: run through `npm run test:int`, which starts PostgreSQL').toBeTruthy();
  const database = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${database}`;
  const open = () => createServices(loadConfig({ ...process.env, DATABASE_URL: url.toString() }));
  const instances: [Services, Services] = [await open(), await open()];
  try {
    for (const instance of instances) instance.solver.start(50);
    await work(instances);
  } finally {
    await Promise.all(instances.map((instance) => instance.close()));
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}

/** Waits until every request is `success` as `instance` reads it; throws naming the first that is not after 30 s. */
export async function waitUntilFilled(instance: Services, requestIds: string[]): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (const requestId of requestIds) {
    for (;;) {
      const row = await instance.bridge.requests.find(requestId);
      if (row?.state === 'success') break;
      if (Date.now() > deadline) throw new Error(`not filled: ${JSON.stringify(row)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
