// The Today feed model. Filled in by the Today model work.
import Foundation
