export function login(res: any, token: string) {
  res.cookie("session", token, { httpOnly: true, secure: true, maxAge: 3600 });
}

const socket = connect({ host: "example.com", secure: false });
