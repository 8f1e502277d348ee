export function find(req: any, ldapClient: any) {
  const filter = `(mail=${req.query.mail})`;
  ldapClient.search("ou=people", { filter }, () => {}); // expect: ldap-injection
}
