export async function login(user: string, password: string): Promise<void> {
  const response = await fetch("/api/login", { method: "POST", body: JSON.stringify({ user, password }) });
  const data = await response.json();
  localStorage.setItem("accessToken", data.token); // expect: sensitive-web-storage
  window.sessionStorage.setItem("api_key", data.key); // expect: sensitive-web-storage
}
