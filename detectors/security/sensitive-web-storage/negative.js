function save(prefs) {
  localStorage.theme = prefs.theme;
  localStorage.setItem("language", prefs.language);
  storage.setItem("token", prefs.token);
}
module.exports = { save };
