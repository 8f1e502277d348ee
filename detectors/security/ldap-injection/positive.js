function find(req, client) {
  client.search("dc=example,dc=com", { filter: "(uid=" + req.body.user + ")" }, () => {}); // expect: ldap-injection
}
const ldap = require("ldapjs");
const directory = ldap.createClient({ url: "ldap://directory.internal" });
function people(req, res) {
  const opts = { filter: `(uid=${req.query.uid})`, scope: "sub" };
  directory.search("ou=people,dc=example,dc=org", opts, (err, found) => res.end()); // expect: ldap-injection
}
