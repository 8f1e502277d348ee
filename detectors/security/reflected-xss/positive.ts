export function echo(req: any, res: any) {
  const body = `<p>${req.body.comment}</p>`;
  res.write(body); // expect: reflected-xss
}
