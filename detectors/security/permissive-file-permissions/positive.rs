use std::fs::Permissions;
use std::os::unix::fs::PermissionsExt;

fn open_up(path: &std::path::Path) -> std::io::Result<()> {
    std::fs::set_permissions(path, Permissions::from_mode(0o777)) // expect: permissive-file-permissions
}

fn share(path: &str) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o666)).unwrap(); // expect: permissive-file-permissions
}
