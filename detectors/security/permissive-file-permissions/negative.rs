use std::fs::Permissions;
use std::os::unix::fs::PermissionsExt;

fn lock_down(path: &std::path::Path) -> std::io::Result<()> {
    std::fs::set_permissions(path, Permissions::from_mode(0o600))
}
