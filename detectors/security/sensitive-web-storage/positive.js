function save(data) {
  localStorage.authToken = data.token; // expect: sensitive-web-storage
  localStorage.setItem("password", data.password); // expect: sensitive-web-storage
}
module.exports = { save };
