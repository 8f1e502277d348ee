use std::net::TcpListener;

pub fn serve() -> std::io::Result<TcpListener> {
    TcpListener::bind("0.0.0.0:8080") // expect: bind-all-interfaces
}

pub fn any_v4() -> std::net::SocketAddr {
    std::net::SocketAddr::from(([0, 0, 0, 0], 8080)) // expect: bind-all-interfaces
}

pub fn unspecified() -> std::io::Result<TcpListener> {
    TcpListener::bind((std::net::Ipv4Addr::UNSPECIFIED, 8080)) // expect: bind-all-interfaces
}

pub fn any_interface() -> std::io::Result<TcpListener> {
    let any = std::net::Ipv4Addr::new(0, 0, 0, 0); // expect: bind-all-interfaces
    TcpListener::bind((any, 8080))
}

pub fn any_tuple() -> std::io::Result<TcpListener> {
    TcpListener::bind((std::net::Ipv4Addr::new(0, 0, 0, 0), 9000)) // expect: bind-all-interfaces
}
