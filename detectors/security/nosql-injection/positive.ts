export async function remove(req: any, Post: any) {
  const where = { $where: "this.author == '" + req.params.author + "'" };
  return Post.deleteMany(where); // expect: nosql-injection
}
