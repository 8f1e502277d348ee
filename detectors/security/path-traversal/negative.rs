use axum::extract::Path;

pub async fn download(Path(name): Path<String>) -> Vec<u8> {
    // Only the last component: no `..`, no absolute path.
    let file = std::path::Path::new(&name).file_name().unwrap_or_default();
    std::fs::read(std::path::Path::new("uploads").join(file)).unwrap_or_default()
}

pub async fn avatar(Path(id): Path<u64>) -> Vec<u8> {
    std::fs::read(format!("avatars/{id}.png")).unwrap_or_default()
}

pub fn config() -> String {
    std::fs::read_to_string("config.toml").unwrap_or_default()
}

pub async fn plain_name(Path(name): Path<String>) -> Vec<u8> {
    if name.contains("..") || name.contains("/") {
        return Vec::new();
    }
    std::fs::read(std::path::Path::new("/srv/public").join(&name)).unwrap()
}

pub async fn confined(Path(name): Path<String>) -> Vec<u8> {
    let path = std::path::Path::new("/srv/public").join(&name).canonicalize().unwrap();
    if !path.starts_with("/srv/public") {
        return Vec::new();
    }
    std::fs::read(path).unwrap()
}

// The last component of the sent name is a plain file name.
pub async fn upload(mut form: axum::extract::Multipart) {
    while let Ok(Some(field)) = form.next_field().await {
        let sent = field.file_name().unwrap_or("upload.bin").to_string();
        let Some(name) = std::path::Path::new(&sent).file_name() else { continue };
        let data = field.bytes().await.unwrap_or_default();
        std::fs::write(std::path::Path::new("/srv/uploads").join(name), &data).unwrap();
    }
}

pub fn health() -> impl warp::Filter<Extract = impl warp::Reply, Error = warp::Rejection> + Clone {
    use warp::Filter;
    warp::path!("health" / u32).map(|_attempt: u32| {
        std::fs::read_to_string("/srv/health.txt").unwrap_or_default()
    })
}

pub fn router() -> axum::Router {
    axum::Router::new().route(
        "/motd",
        axum::routing::get(|Query(p): Query<Params>| async move {
            let _ = p.file;
            std::fs::read_to_string("/srv/motd.txt").unwrap_or_default()
        }),
    )
}

pub fn sizes(names: &[&str]) -> Vec<u64> {
    names.iter().map(|_| std::fs::metadata("/srv/index").map(|m| m.len()).unwrap_or(0)).collect()
}
