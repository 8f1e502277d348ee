export async function patch(req: any, Post: any) {
  return Post.findByIdAndUpdate(req.params.id, req.body); // expect: mass-assignment
}
