function find(req, client) {
  client.search("dc=example,dc=com", { filter: "(objectClass=person)" }, () => {});
}
