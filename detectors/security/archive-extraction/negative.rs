use std::path::Path;

fn unpack(archive: &mut zip::ZipArchive<std::fs::File>, dest: &Path) {
    for i in 0..archive.len() {
        let file = archive.by_index(i).unwrap();
        if let Some(name) = file.enclosed_name() {
            let out = dest.join(name);
            let _ = out;
        }
    }
}
