function find(req, client) {
  client.search("dc=example,dc=com", { filter: "(objectClass=person)" }, () => {});
}
const ldap = require("ldapjs");
const directory = ldap.createClient({ url: "ldap://directory.internal" });
const index = require("./index").open();
function people(req, res) {
  directory.search("ou=people,dc=example,dc=org", { filter: "(objectClass=person)" }, () => res.end());
  index.search("ou=people", `(uid=${req.query.uid})`);
}
