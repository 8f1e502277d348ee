export function done(req: any, res: any) {
  res.redirect("/dashboard");
}
