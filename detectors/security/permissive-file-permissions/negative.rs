use std::fs::Permissions;
use std::os::unix::fs::PermissionsExt;

fn lock_down(path: &std::path::Path) -> std::io::Result<()> {
    std::fs::set_permissions(path, Permissions::from_mode(0o600))
}

fn publish(path: &str) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o644)).unwrap();
}
