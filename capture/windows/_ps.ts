/**
 * The Windows helper: a PowerShell loop with a few user32 calls through Add-Type. Every
 * 0.5 s it reads the foreground window (GetForegroundWindow, GetWindowText,
 * GetWindowRect), its process image, the idle time (GetLastInputInfo), whether the input
 * desktop is the secure desktop (locked: OpenInputDesktop fails) and the monitors, and
 * prints a JSON line when something changed, and at least every 5 s.
 *
 * Unverified on real hardware: no Windows machine is available to the project's CI.
 *
 * @module
 */

/** The PowerShell source passed to `powershell -NoProfile -Command`. */
export const WINDOWS_HELPER_PS = String.raw`
$ErrorActionPreference = 'Continue'
Add-Type -AssemblyName System.Windows.Forms
Add-Type @'
using System;
using System.Runtime.InteropServices;
using System.Text;
public static class FramesW {
  [DllImport("user32.dll")] public static extern IntPtr GetForegroundWindow();
  [DllImport("user32.dll", CharSet = CharSet.Unicode)] public static extern int GetWindowText(IntPtr h, StringBuilder s, int n);
  [DllImport("user32.dll")] public static extern uint GetWindowThreadProcessId(IntPtr h, out uint pid);
  [StructLayout(LayoutKind.Sequential)] public struct LASTINPUTINFO { public uint cbSize; public uint dwTime; }
  [DllImport("user32.dll")] public static extern bool GetLastInputInfo(ref LASTINPUTINFO i);
  [StructLayout(LayoutKind.Sequential)] public struct RECT { public int L, T, R, B; }
  [DllImport("user32.dll")] public static extern bool GetWindowRect(IntPtr h, out RECT r);
  [DllImport("user32.dll")] public static extern IntPtr OpenInputDesktop(uint f, bool i, uint a);
  [DllImport("user32.dll")] public static extern bool CloseDesktop(IntPtr d);
  public static uint Idle() {
    var i = new LASTINPUTINFO(); i.cbSize = (uint)Marshal.SizeOf(i);
    if (!GetLastInputInfo(ref i)) return 0;
    return (uint)Environment.TickCount - i.dwTime;
  }
  public static bool Locked() {
    var d = OpenInputDesktop(0, false, 0x0100);
    if (d == IntPtr.Zero) return true;
    CloseDesktop(d); return false;
  }
}
'@
$names = @{}
$last = ''; $lastAt = 0
while ($true) {
  $h = [FramesW]::GetForegroundWindow()
  $sb = New-Object System.Text.StringBuilder 1024
  [void][FramesW]::GetWindowText($h, $sb, 1024)
  $procId = [uint32]0
  [void][FramesW]::GetWindowThreadProcessId($h, [ref]$procId)
  if (-not $names.ContainsKey($procId)) {
    try { $p = Get-Process -Id $procId -ErrorAction Stop; $names[$procId] = @($p.ProcessName, $p.MainModule.FileVersionInfo.FileDescription) }
    catch { $names[$procId] = @('', '') }
  }
  $r = New-Object FramesW+RECT
  [void][FramesW]::GetWindowRect($h, [ref]$r)
  $screens = @([System.Windows.Forms.Screen]::AllScreens | ForEach-Object {
    @{ name = $_.DeviceName; x = $_.Bounds.X; y = $_.Bounds.Y; w = $_.Bounds.Width; h = $_.Bounds.Height } })
  $s = [ordered]@{
    hwnd = [int64]$h; pid = $procId; image = $names[$procId][0]; description = $names[$procId][1]
    title = $sb.ToString(); rect = @($r.L, $r.T, ($r.R - $r.L), ($r.B - $r.T))
    locked = [FramesW]::Locked(); screens = $screens }
  $key = $s | ConvertTo-Json -Compress -Depth 4
  $now = [Environment]::TickCount
  if ($key -ne $last -or ($now - $lastAt) -ge 5000) {
    $s['idle_ms'] = [FramesW]::Idle()
    [Console]::Out.WriteLine(($s | ConvertTo-Json -Compress -Depth 4))
    [Console]::Out.Flush()
    $last = $key; $lastAt = $now
  }
  Start-Sleep -Milliseconds 500
}
`;
