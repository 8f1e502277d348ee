export async function remove(req: any, Post: any) {
  const id = Number(req.params.id);
  return Post.deleteMany({ id });
}
