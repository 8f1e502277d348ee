//! An internal search and import service in axum, as a review would read it.
use std::fs;
use std::io;
use std::path::Path;

use axum::extract::{Multipart, Query};
use axum::http::StatusCode;
use axum::Json;
use regex::Regex;
use serde::Deserialize;

#[derive(Deserialize)]
pub struct Search {
    q: String,
}

pub async fn search(Query(params): Query<Search>) -> Result<Json<Vec<String>>, StatusCode> {
    // The regex crate runs in linear time: a pattern from the request costs no backtracking.
    let pattern = Regex::new(&params.q).map_err(|_| StatusCode::BAD_REQUEST)?;
    let log = fs::read_to_string("/srv/audit.log").map_err(|_| StatusCode::INTERNAL_SERVER_ERROR)?;
    Ok(Json(log.lines().filter(|l| pattern.is_match(l)).map(String::from).collect()))
}

pub async fn search_literal(Query(params): Query<Search>) -> Result<Json<Vec<String>>, StatusCode> {
    let pattern = Regex::new(&regex::escape(&params.q)).map_err(|_| StatusCode::BAD_REQUEST)?;
    let log = fs::read_to_string("/srv/audit.log").map_err(|_| StatusCode::INTERNAL_SERVER_ERROR)?;
    Ok(Json(log.lines().filter(|l| pattern.is_match(l)).map(String::from).collect()))
}

pub fn unpack(archive_path: &Path, into: &Path) -> io::Result<()> {
    let mut archive = zip::ZipArchive::new(fs::File::open(archive_path)?)?;
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i)?;
        // ruleid: archive-extraction
        let target = into.join(entry.name());
        let mut out = fs::File::create(&target)?;
        io::copy(&mut entry, &mut out)?;
    }
    Ok(())
}

pub fn unpack_enclosed(archive_path: &Path, into: &Path) -> io::Result<()> {
    let mut archive = zip::ZipArchive::new(fs::File::open(archive_path)?)?;
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i)?;
        let Some(relative) = entry.enclosed_name() else { continue };
        // ok: archive-extraction
        let target = into.join(relative);
        let mut out = fs::File::create(&target)?;
        io::copy(&mut entry, &mut out)?;
    }
    Ok(())
}

pub async fn upload(mut form: Multipart) -> StatusCode {
    while let Ok(Some(field)) = form.next_field().await {
        let name = field.file_name().unwrap_or("upload.bin").to_string();
        let data = field.bytes().await.unwrap_or_default();
        // ruleid: path-traversal
        if fs::write(Path::new("/srv/uploads").join(&name), &data).is_err() {
            return StatusCode::INTERNAL_SERVER_ERROR;
        }
    }
    StatusCode::CREATED
}
