async function load(ids, fetchUser) {
  return Promise.all(ids.map((id) => fetchUser(id)));
}
async function drain(pending, yieldFn) {
  for (const promise of pending) {
    const value = await promise;
    await yieldFn();
    while (pending.size > 4) await Promise.race(pending);
    console.log(value);
  }
}
