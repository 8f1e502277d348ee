export function echo(req: any, res: any) {
  res.json({ comment: req.body.comment });
}

// A string body is plain text unless the headers say otherwise.
export async function GET(request: { nextUrl: URL }) {
  const id = request.nextUrl.searchParams.get("id");
  const json = new Response(JSON.stringify({ id }), { headers: { "Content-Type": "application/json" } });
  return new Response(`Deleted ${id}`) ?? json;
}
