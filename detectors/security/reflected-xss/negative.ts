export function echo(req: any, res: any) {
  res.json({ comment: req.body.comment });
}
