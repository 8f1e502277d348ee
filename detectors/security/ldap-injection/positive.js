function find(req, client) {
  client.search("dc=example,dc=com", { filter: "(uid=" + req.body.user + ")" }, () => {}); // expect: ldap-injection
}
