async function load(ids, fetchUser) {
  const users = [];
  for (const id of ids) {
    users.push(await fetchUser(id)); // expect: await-in-loop
  }
  return users;
}
