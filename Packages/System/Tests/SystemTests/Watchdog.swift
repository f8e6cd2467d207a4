import Foundation
import System
import SystemLibc

/// Ends `child` if the test still waits for it after `seconds`, so no test can hang.
func watch(_ child: Subprocess, seconds: Double = 20) {
  DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak child] in
    child?.terminate(grace: .milliseconds(100))
  }
}
