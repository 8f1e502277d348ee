export async function patch(req: any, Post: any) {
  return Post.findByIdAndUpdate(req.params.id, { title: String(req.body.title) });
}
