//! Fingerprints that survive line shifts, and baseline files of them: findings already in
//! the baseline do not fail a build.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::detect::finding::Finding;

/// Detector, file, symbol, the finding's source line without whitespace (or its message),
/// and which occurrence of that same combination it is: no line numbers.
pub fn fingerprint_all(findings: &mut [Finding]) {
    let mut seen: HashMap<[u8; 32], u32> = HashMap::new();
    for finding in findings.iter_mut() {
        let mut hasher = blake3::Hasher::new();
        hasher.update(finding.detector.as_bytes());
        hasher.update(&[0]);
        hasher.update(finding.file.as_bytes());
        hasher.update(&[0]);
        hasher.update(finding.symbol.as_deref().unwrap_or("").as_bytes());
        hasher.update(&[0]);
        let content: String = match &finding.snippet {
            Some(snippet) => snippet.chars().filter(|c| !c.is_whitespace()).collect(),
            None => finding
                .message
                .chars()
                .filter(|c| !c.is_ascii_digit())
                .collect(),
        };
        hasher.update(content.as_bytes());
        let base = *hasher.finalize().as_bytes();
        let occurrence = seen.entry(base).or_default();
        *occurrence += 1;
        let mut hasher = blake3::Hasher::new();
        hasher.update(&base);
        hasher.update(&occurrence.to_le_bytes());
        finding.fingerprint = hasher.finalize().to_hex()[..32].to_string();
    }
}

#[derive(Debug, thiserror::Error)]
pub enum BaselineError {
    #[error("{path}: {reason}")]
    Invalid { path: String, reason: String },
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BaselineFile {
    version: u32,
    tool: String,
    fingerprints: Vec<BaselineEntry>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BaselineEntry {
    fingerprint: String,
    detector: String,
    file: String,
}

pub fn read(path: &Path) -> Result<HashSet<String>, BaselineError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| BaselineError::Io {
        path: shown.clone(),
        source,
    })?;
    let file: BaselineFile = serde_json::from_str(&text).map_err(|e| BaselineError::Invalid {
        path: shown.clone(),
        reason: format!("not a repotoire baseline ({e})"),
    })?;
    if file.version != 1 {
        return Err(BaselineError::Invalid {
            path: shown,
            reason: format!("baseline version {} is not supported", file.version),
        });
    }
    Ok(file
        .fingerprints
        .into_iter()
        .map(|e| e.fingerprint)
        .collect())
}

/// Writes atomically: a temporary file beside the target, then a rename.
pub fn write(path: &Path, findings: &[Finding]) -> Result<(), BaselineError> {
    let shown = path.display().to_string();
    let file = BaselineFile {
        version: 1,
        tool: format!("repotoire {}", env!("CARGO_PKG_VERSION")),
        fingerprints: findings
            .iter()
            .map(|f| BaselineEntry {
                fingerprint: f.fingerprint.clone(),
                detector: f.detector.clone(),
                file: f.file.clone(),
            })
            .collect(),
    };
    let text = serde_json::to_string_pretty(&file).map_err(|e| BaselineError::Invalid {
        path: shown.clone(),
        reason: e.to_string(),
    })?;
    write_atomic(path, text.as_bytes()).map_err(|source| BaselineError::Io {
        path: shown,
        source,
    })
}

/// Writes through a temporary file and a rename, so a failed write never leaves half a
/// file; a file replaced keeps its permissions (an executable script stays executable).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = std::fs::write(&temp, bytes)
        .and_then(|()| match std::fs::metadata(path) {
            Ok(meta) => std::fs::set_permissions(&temp, meta.permissions()),
            Err(_) => Ok(()),
        })
        .and_then(|()| std::fs::rename(&temp, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}
