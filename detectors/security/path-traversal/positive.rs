use axum::extract::Path;

pub async fn download(Path(name): Path<String>) -> Vec<u8> {
    let path = format!("uploads/{name}");
    std::fs::read(&path).unwrap_or_default() // expect: path-traversal
}

#[get("/files/{name}")]
pub async fn serve(req: HttpRequest) -> actix_web::Result<NamedFile> {
    let name: String = req.match_info().query("name").to_string();
    Ok(NamedFile::open(PathBuf::from("static").join(name))?) // expect: path-traversal
}

pub async fn save(Query(q): Query<Upload>, body: Bytes) {
    let mut file = File::create(Path::new("/srv/data").join(&q.file)).unwrap(); // expect: path-traversal
    file.write_all(&body).unwrap();
}

// The operator's environment names the folder: only a review sees it.
pub fn clear_cache() {
    let dir = std::env::var("CACHE_DIR").unwrap();
    std::fs::remove_dir_all(dir).unwrap(); // audit: path-traversal
}

// Refusing paths inside the public folder guards nothing: the others fall through.
pub async fn inverted(Path(name): Path<String>) -> Vec<u8> {
    let path = std::path::Path::new("/srv/public").join(&name).canonicalize().unwrap();
    if path.starts_with("/srv/public") {
        return Vec::new();
    }
    std::fs::read(path).unwrap() // expect: path-traversal
}

// A multipart field's file name is whatever the client sent, `../` included.
pub async fn upload(mut form: axum::extract::Multipart) {
    while let Ok(Some(field)) = form.next_field().await {
        let name = field.file_name().unwrap_or("upload.bin").to_string();
        let data = field.bytes().await.unwrap_or_default();
        std::fs::write(std::path::Path::new("/srv/uploads").join(&name), &data).unwrap(); // expect: path-traversal
    }
}

// warp hands a filter chain's closure the path segment the client chose.
pub fn files() -> impl warp::Filter<Extract = impl warp::Reply, Error = warp::Rejection> + Clone {
    use warp::Filter;
    warp::path!("files" / String).map(|name: String| {
        std::fs::read_to_string(format!("/srv/files/{}", name)).unwrap_or_default() // expect: path-traversal
    })
}

// A handler written as a closure, and a closure that captures the request's value.
pub fn router() -> axum::Router {
    axum::Router::new().route(
        "/raw",
        axum::routing::get(|Query(p): Query<Params>| async move {
            std::fs::read_to_string(p.file).unwrap_or_default() // expect: path-traversal
        }),
    )
}

pub async fn fallback(Query(p): Query<Params>) -> String {
    std::fs::read_to_string("/srv/default.txt")
        .unwrap_or_else(|_| std::fs::read_to_string(format!("/srv/{}", p.file)).unwrap_or_default()) // expect: path-traversal
}

// An absolute path is no safer than a relative one: the test vouches for nothing.
pub async fn absolute_only(Path(name): Path<String>) -> Vec<u8> {
    let path = std::path::Path::new(&name);
    if path.is_absolute() {
        return std::fs::read(path).unwrap_or_default(); // expect: path-traversal
    }
    Vec::new()
}

// `base.join(name)` keeps the name's `..`: `starts_with(base)` holds and the file lies
// outside it. Only a canonical path is tested for where it leads.
pub async fn joined_prefix(Path(name): Path<String>) -> Vec<u8> {
    let base = std::path::Path::new("/srv/public");
    let path = base.join(&name);
    if !path.starts_with(base) {
        return Vec::new();
    }
    std::fs::read(&path).unwrap_or_default() // expect: path-traversal
}
