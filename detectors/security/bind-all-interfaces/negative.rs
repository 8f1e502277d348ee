use std::net::TcpListener;

pub fn serve() -> std::io::Result<TcpListener> {
    TcpListener::bind("127.0.0.1:8080")
}

pub fn local() -> std::net::SocketAddr {
    std::net::SocketAddr::from(([127, 0, 0, 1], 8080))
}

pub fn is_wildcard(addr: std::net::Ipv4Addr) -> bool {
    // Compared, not bound.
    addr == std::net::Ipv4Addr::UNSPECIFIED
}

pub fn zeroed() -> [u8; 4] {
    [0, 0, 0, 0]
}

pub fn is_any(addr: std::net::Ipv4Addr) -> bool {
    // Compared, not bound.
    addr == std::net::Ipv4Addr::new(0, 0, 0, 0)
}

pub fn loopback() -> std::io::Result<TcpListener> {
    let local = std::net::Ipv4Addr::new(127, 0, 0, 1);
    TcpListener::bind((local, 8080))
}

pub fn placeholder() -> std::net::SocketAddr {
    // A send address not yet known, not a listener.
    std::net::SocketAddr::V4(std::net::SocketAddrV4::new(std::net::Ipv4Addr::new(0, 0, 0, 0), 0))
}
