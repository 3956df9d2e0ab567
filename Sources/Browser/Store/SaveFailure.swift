import StoreSupport

/// The wording is shared by every store (Sources/Shared/StoreSupport); the Browser's views name it from here.
public typealias SaveFailure = StoreSupport.SaveFailure
