async function load(ids, fetchUser) {
  return Promise.all(ids.map((id) => fetchUser(id)));
}
