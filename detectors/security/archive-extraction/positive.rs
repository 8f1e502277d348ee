use std::path::Path;

fn unpack(archive: &mut zip::ZipArchive<std::fs::File>, dest: &Path) {
    for i in 0..archive.len() {
        let file = archive.by_index(i).unwrap();
        let out = dest.join(file.name()); // expect: archive-extraction
        let _ = out;
    }
}
