export function echo(req: any, res: any) {
  const body = `<p>${req.body.comment}</p>`;
  res.write(body); // expect: reflected-xss
}

// A Next.js route handler answering HTML.
export async function GET(request: { nextUrl: URL }) {
  const id = request.nextUrl.searchParams.get("id");
  return new Response(`<p>Deleted ${id}</p>`, { headers: { "Content-Type": "text/html" } }); // expect: reflected-xss
}
