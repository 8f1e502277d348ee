import { Hono } from "hono";
import { exec } from "child_process";
import { Pool } from "pg";
import { initTRPC } from "@trpc/server";
import { z } from "zod";
import type { LoaderFunctionArgs, ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

const pool = new Pool();
const app = new Hono();

app.get("/run", async (c) => {
  const cmd = c.req.query("cmd");
  // ruleid: command-injection
  exec("sh -c " + cmd);
  return c.text("ok");
});

app.get("/user/:id", async (c) => {
  const id = c.req.param("id");
  // ruleid: sql-injection
  const r = await pool.query(`SELECT * FROM users WHERE id = ${id}`);
  return c.json(r.rows);
});

app.get("/hi", (c) => {
  // ruleid: reflected-xss
  return c.html("<p>" + c.req.query("name") + "</p>");
});

const t = initTRPC.create();
export const router = t.router({
  byName: t.procedure.input(z.object({ name: z.string() })).query(async ({ input }) => {
    // ruleid: sql-injection
    return pool.query("SELECT * FROM users WHERE name = '" + input.name + "'");
  }),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get("q");
  // ruleid: sql-injection
  return pool.query(`SELECT * FROM items WHERE title LIKE '%${q}%'`);
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const to = form.get("to") as string;
  // ruleid: open-redirect
  return redirect(to);
}

const resolvers = {
  Query: {
    user: async (_parent: unknown, args: { id: string }) => {
      // ruleid: sql-injection
      return pool.query("SELECT * FROM users WHERE id = " + args.id);
    },
  },
};

export async function createNote(formData: FormData) {
  "use server";
  const title = formData.get("title");
  // ruleid: sql-injection
  await pool.query(`INSERT INTO notes (title) VALUES ('${title}')`);
}
